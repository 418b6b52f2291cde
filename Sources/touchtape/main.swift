// Placeholder; the CLI lands with the commands.
print("touchtape")
