import ChainModel

/// Where auto-advance moved, in a command's answer and its `command` event:
/// `{"from": "img-7", "to": "img-8"}`, `to` null at the end of the working set.
package struct AdvanceBody: WireObject {
    package let advance: Advance

    package func members(_ member: inout JSONObjectWriter) {
        member("from", advance.from)
        member("to", advance.to)
    }
}
