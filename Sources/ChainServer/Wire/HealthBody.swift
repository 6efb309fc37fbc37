/// `GET /healthz`: `{"status":"ok"}`.
struct HealthBody: WireObject {
    func members(_ member: inout JSONObjectWriter) {
        member("status", "ok")
    }
}
