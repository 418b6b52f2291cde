// Vector2 (a pan's translation and velocity) is the contract's; every stage that speaks
// events speaks it too. A scoped import (`import struct`) would hide its operators.
@_exported import TouchTapeContract
