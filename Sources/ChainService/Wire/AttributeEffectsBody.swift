import ChainModel

/// A dry run's `effects`: per attribute the command would write, how many images it writes
/// and the counts of their values before and after, keyed by each value's text form
/// (`"5"`, `"red"`, `"pick"`); values no image has are left out.
package struct AttributeEffectsBody: WireObject {
    package let effects: [AttributeEffect]

    package func members(_ member: inout JSONObjectWriter) {
        for effect in effects { member(JSONKey(effect.attribute.name), EffectBody(effect: effect)) }
    }

    struct EffectBody: WireObject {
        let effect: AttributeEffect

        func members(_ member: inout JSONObjectWriter) {
            member("count", effect.count)
            member("before", HistogramBody(attribute: effect.attribute, histogram: effect.before))
            member("after", HistogramBody(attribute: effect.attribute, histogram: effect.after))
        }
    }

    struct HistogramBody: WireObject {
        let attribute: Attribute
        let histogram: ValueHistogram

        func members(_ member: inout JSONObjectWriter) {
            for (code, name) in attribute.valueNames.enumerated() where histogram[UInt8(code)] > 0 {
                member(JSONKey(name), histogram[UInt8(code)])
            }
        }
    }
}
