import ChainModel

/// A window's compare in its object: `{"select", "candidates", "candidate", "zoom": {"scale",
/// "center": [x, y]}}`, `candidate` the current one.
package struct CompareBody: WireObject {
    package let compare: ImageCompare

    package func members(_ member: inout JSONObjectWriter) {
        member.members(compare.stateJSON)
    }
}
