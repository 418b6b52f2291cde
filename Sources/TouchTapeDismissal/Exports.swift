// The built-in controller and its driver are written against the contract, and whoever
// imports the model speaks it.
@_exported import TouchTapeContract
