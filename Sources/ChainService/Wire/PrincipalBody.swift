import ChainModel

/// Who a session acts for, in the session object: `{"name", "role"}`.
package struct PrincipalBody: WireObject {
    package let principal: Principal

    package init(_ principal: Principal) {
        self.principal = principal
    }

    package func members(_ member: inout JSONObjectWriter) {
        member("name", principal.name)
        member("role", principal.role.rawValue)
    }
}
