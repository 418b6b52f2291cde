print("touchtape-make-recordings: waiting for TouchTapeFormats")
