extension JoltDecoder {
    /// Whether a scalar of one JSON type may decode as another Swift scalar type,
    /// for every property of a decode (``LosslessValue`` does it for one property).
    ///
    /// ```swift
    /// decoder.scalarConversion = .lenient
    /// // {"id": "42", "price": "9.99", "active": 1, "sku": 1001}
    /// struct Item: Decodable { var id: Int; var price: Double; var active: Bool; var sku: String }
    /// ```
    public enum ScalarConversion: Sendable, Hashable {
        /// A value decodes only as its own JSON type, as in Foundation. **The default.**
        case strict
        /// Where the value's own type does not match, a lossless conversion is
        /// tried, and each one is recorded in the decode report as
        /// `.valueConverted`:
        /// - a string holding a JSON number (`"42"`, `"-1.5e3"`) decodes as any
        ///   integer type (the same range and truncation rules as a number), `Float`,
        ///   `Double` or `Decimal`;
        /// - a number decodes as `String` (its text as written), and `true` or
        ///   `false` as the strings `"true"` and `"false"`;
        /// - `"true"`, `"false"`, `1` and `0` decode as `Bool`.
        ///
        /// `null` never converts (still `valueNotFound`), nor do arrays and objects;
        /// a string with spaces, a sign `+` or an escape is not a number.
        case lenient
    }

    /// Whether scalars convert between JSON types. Default ``ScalarConversion/strict``.
    public var scalarConversion: ScalarConversion {
        get { state.withLock { $0.scalarConversion } }
        set { state.withLock { $0.scalarConversion = newValue } }
    }
}
