import ChainModel

/// An RFC 9457 problem: `type`, `title`, `status`, `detail`, then the extras.
struct ProblemBody: WireObject {
    let problem: Problem

    func members(_ member: inout JSONObjectWriter) {
        member("type", "/problems/\(problem.kind.rawValue)")
        member("title", problem.title ?? problem.kind.title)
        member("status", problem.kind.status)
        member("detail", problem.detail)
        member.members(problem.members)
    }
}
