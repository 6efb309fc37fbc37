import ChainModel

/// An image's id and every attribute's value, as a `catalog` event lists it.
package struct ImageValuesBody: WireObject {
    package let image: (id: ImageID, values: AttributeValues)

    package func members(_ member: inout JSONObjectWriter) {
        member("id", image.id)
        for attribute in Attribute.all {
            member(JSONKey(attribute.name), attribute.json(image.values[attribute] ?? 0))
        }
    }
}
