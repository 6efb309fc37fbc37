import ChainModel

/// `GET /healthz`: `{"status":"ok"}`.
package struct HealthBody: WireObject {

    package init() {
    }
    package func members(_ member: inout JSONObjectWriter) {
        member("status", "ok")
    }
}
