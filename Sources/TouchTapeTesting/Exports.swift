// `import TouchTapeTesting` is enough in a test file: it brings the helpers and, through
// `TouchTape`, the whole replay API.
@_exported import TouchTape
