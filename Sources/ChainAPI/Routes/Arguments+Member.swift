import ChainModel

extension Arguments {
    /// The `args` member of `json`, an object; absent or null: none. `field` names `json` in
    /// the problem (`items[2]` gives `items[2].args`).
    package init(argsOf json: JSON, field: String) throws(Problem) {
        guard let args = json["args"], args != .null else {
            self = .empty
            return
        }
        guard let members = args.objectMembers else { throw Problem.invalid("\(field).args", "args must be an object") }
        self.init(members)
    }
}
