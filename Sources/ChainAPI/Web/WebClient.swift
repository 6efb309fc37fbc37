/// The web client's files, as `swift build` embedded them (`Resources/web/`). `index.html`
/// is served at `/`; the rest at `/web/<name>`. `chain-client.js` is the documented module
/// another web UI may import (`/web/chain-client.js` is a stable path).
package enum WebClient {
    package static let index = WebAsset(name: "index.html", contentType: "text/html; charset=utf-8", bytes: PackageResources.index_html)

    /// Every file but the page, by the name it is served under.
    package static let files: [String: WebAsset] = {
        let script = "text/javascript; charset=utf-8"
        let assets = [
            WebAsset(name: "app.css", contentType: "text/css; charset=utf-8", bytes: PackageResources.app_css),
            WebAsset(name: "main.js", contentType: script, bytes: PackageResources.main_js),
            WebAsset(name: "chain-client.js", contentType: script, bytes: PackageResources.chain_client_js),
            WebAsset(name: "menubar.js", contentType: script, bytes: PackageResources.menubar_js),
            WebAsset(name: "grid.js", contentType: script, bytes: PackageResources.grid_js),
            WebAsset(name: "viewer.js", contentType: script, bytes: PackageResources.viewer_js),
            WebAsset(name: "thumbnails.js", contentType: script, bytes: PackageResources.thumbnails_js),
            WebAsset(name: "previews.js", contentType: script, bytes: PackageResources.previews_js),
            WebAsset(name: "loupe.js", contentType: script, bytes: PackageResources.loupe_js),
            WebAsset(name: "keys.js", contentType: script, bytes: PackageResources.keys_js),
            WebAsset(name: "notices.js", contentType: script, bytes: PackageResources.notices_js),
            WebAsset(name: "toolbar.js", contentType: script, bytes: PackageResources.toolbar_js),
            WebAsset(name: "confirm.js", contentType: script, bytes: PackageResources.confirm_js),
            WebAsset(name: "history.js", contentType: script, bytes: PackageResources.history_js),
            WebAsset(name: "compare.js", contentType: script, bytes: PackageResources.compare_js),
            WebAsset(name: "signin.js", contentType: script, bytes: PackageResources.signin_js),
            WebAsset(name: "presence.js", contentType: script, bytes: PackageResources.presence_js),
        ]
        return Dictionary(uniqueKeysWithValues: assets.map { ($0.name, $0) })
    }()
}
