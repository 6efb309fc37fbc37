import CExempi
import ChainSupport

/// exempi's global start (`xmp_init`), made once per process before the first packet, with
/// the namespace of our own fields registered.
enum XMPToolkit {
    private static let started = Lock<Bool?>(nil)

    static func start() throws(SidecarError) {
        let ok = started.withLock { started -> Bool in
            if let started { return started }
            started = xmp_init() && registerNamespace()
            return started!
        }
        if !ok { throw .exempi("xmp_init", code: xmp_get_error()) }
    }

    private static func registerNamespace() -> Bool {
        let registeredPrefix = xmp_string_new()
        defer { xmp_string_free(registeredPrefix) }
        return xmp_register_namespace(XMPFields.namespace, XMPFields.prefix, registeredPrefix)
    }
}
