import Foundation

/// The catalog: `/v1/images`, each image, and its pictures (any live session's token).
extension ChainSession {
    /// A page of the catalog in id order; `next` of one page is `after` of the following.
    public func images(limit: Int? = nil, after: String? = nil, minRating: Int? = nil, label: ColorLabel? = nil, flag: Flag? = nil)
        async throws -> ImagePage
    {
        var query: [URLQueryItem] = []
        if let limit { query.append(URLQueryItem(name: "limit", value: String(limit))) }
        if let after { query.append(URLQueryItem(name: "after", value: after)) }
        if let minRating { query.append(URLQueryItem(name: "minRating", value: String(minRating))) }
        if let label { query.append(URLQueryItem(name: "label", value: label.rawValue)) }
        if let flag { query.append(URLQueryItem(name: "flag", value: flag.rawValue)) }
        let request = try transport.request("GET", "/v1/images", query: query, token: token)
        return try transport.decode(ImagePage.self, try await transport.expect(request))
    }

    /// One image.
    public func image(_ id: String) async throws -> Image {
        let request = try transport.request("GET", "/v1/images/" + ChainTransport.segment(id), token: token)
        return try transport.decode(Image.self, try await transport.expect(request))
    }

    /// A JPEG whose long edge is at most `size` (128–1024).
    public func thumbnail(_ id: String, size: Int = 256) async throws -> Data {
        try await picture(id, "thumbnail", [URLQueryItem(name: "size", value: String(size))])
    }

    /// A screen-sized JPEG whose long edge is at most `size` (512–4096).
    public func preview(_ id: String, size: Int = 2048) async throws -> Data {
        try await picture(id, "preview", [URLQueryItem(name: "size", value: String(size))])
    }

    /// The 1:1 crop of the upright picture at (x, y), w × h pixels, as a JPEG.
    public func region(_ id: String, x: Int, y: Int, width: Int, height: Int) async throws -> Data {
        try await picture(id, "region", [("x", x), ("y", y), ("w", width), ("h", height)].map { URLQueryItem(name: $0.0, value: String($0.1)) })
    }

    private func picture(_ id: String, _ kind: String, _ query: [URLQueryItem]) async throws -> Data {
        var request = try transport.request("GET", "/v1/images/\(ChainTransport.segment(id))/\(kind)", query: query, token: token)
        request.setValue("image/jpeg", forHTTPHeaderField: "Accept")
        return try await transport.expect(request).body
    }
}
