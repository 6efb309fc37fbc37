import ChainModel

/// The `images` column that holds an attribute, in both engines' schemas.
package enum CatalogColumn {
    /// The column holding `attribute`: its name, once the name is known to be a plain
    /// identifier, since it is spliced into SQL.
    package static func name(of attribute: Attribute) throws -> String {
        guard !attribute.name.isEmpty, attribute.name.utf8.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) else {
            throw CatalogStoreError.unknownAttribute(attribute.name)
        }
        return attribute.name
    }
}
