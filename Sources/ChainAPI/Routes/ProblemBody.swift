import ChainModel
import ChainService

/// An RFC 9457 problem: `type`, `title`, `status`, `detail`, then the extras.
package struct ProblemBody: WireObject {
    package let problem: Problem

    package func members(_ member: inout JSONObjectWriter) {
        member("type", "/problems/\(problem.kind.rawValue)")
        member("title", problem.title ?? problem.kind.title)
        member("status", problem.kind.status)
        member("detail", problem.detail)
        member.members(problem.members)
    }
}
