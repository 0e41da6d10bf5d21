/// The statements the generated code uses to call the lifecycle hooks
/// (`JoltCodingHooks`), shared by the struct and class, enum and AutoCodable
/// generators. A hook is declared anywhere in the module, or not at all (the
/// protocol's no-op defaults); the call is resolved statically, and `joltHook`
/// keeps the `try` quiet when the hook found does not throw.
enum HookCall {
    static let willDecode = "Self.willDecode(from: decoder)"
    static let didDecode = "self.didDecode(from: decoder)"
    static let willEncode = "self.willEncode(to: encoder)"
    static let didEncode = "self.didEncode(to: encoder)"

    /// The statement that runs `call`, one of the four above.
    static func statement(_ call: String) -> String {
        "try joltHook(\(call))"
    }
}
