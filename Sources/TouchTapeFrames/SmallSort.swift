extension UnsafeMutableBufferPointer {
    /// Sorts the elements in place with `precedes` (a strict order): by insertion when there
    /// are at most `insertionLimit`, else with the standard sort. A frame sorts a few
    /// elements many times over (its contacts, protocol A's candidate pairs), and for a few
    /// the standard sort's set-up cost more than the comparisons (issue 26). Insertion is
    /// stable and the standard sort need not be, so callers keep the keys of any two elements
    /// apart: then both give the same order.
    @inline(__always)
    mutating func sortSmall(insertionLimit: Int, by precedes: (Element, Element) -> Bool) {
        guard count <= insertionLimit else {
            sort(by: precedes)
            return
        }
        var k = 1
        while k < count {
            let element = self[k]
            var j = k
            while j > 0, precedes(element, self[j - 1]) {
                self[j] = self[j - 1]
                j -= 1
            }
            self[j] = element
            k += 1
        }
    }
}
