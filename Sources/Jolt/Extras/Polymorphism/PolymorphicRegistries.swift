#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A set of ``PolymorphicRegistry`` values, at most one per base type: what a
/// decoder consults to decode ``Polymorphic`` properties.
///
/// Give it to a ``JoltDecoder`` (``JoltDecoder/polymorphicRegistries``, or one
/// registry at a time with ``JoltDecoder/register(_:)``), or to any decoder or
/// encoder through `userInfo` under ``userInfoKey``, Foundation's included.
/// A ``JoltDecoder`` looks in its own registries first, then in `userInfo`.
///
/// ```swift
/// let registries = PolymorphicRegistries(viewItems, blocks)
///
/// let decoder = JSONDecoder()
/// decoder.userInfo[PolymorphicRegistries.userInfoKey] = registries
/// let encoder = JSONEncoder()
/// encoder.userInfo[PolymorphicRegistries.userInfoKey] = registries
/// ```
public struct PolymorphicRegistries: Sendable {
    /// The `userInfo` key a decoder or encoder holds a `PolymorphicRegistries` under.
    public static let userInfoKey = CodingUserInfoKey(rawValue: "Jolt.PolymorphicRegistries")!

    private var registries: [ObjectIdentifier: any AnyPolymorphicRegistry] = [:]

    /// An empty set.
    public init() {}

    /// A set holding the given registries (a later one replaces an earlier one
    /// for the same base type).
    public init<each Base>(_ registries: repeat PolymorphicRegistry<each Base>) {
        for registry in repeat each registries {
            insert(registry)
        }
    }

    /// Adds `registry`, replacing the one for the same base type, if any.
    public mutating func insert<Base>(_ registry: PolymorphicRegistry<Base>) {
        registries[ObjectIdentifier(Base.self)] = registry
    }

    /// The registry for `base`, if the set has one.
    public func registry<Base>(for base: Base.Type) -> PolymorphicRegistry<Base>? {
        guard !registries.isEmpty, let registry = registries[ObjectIdentifier(Base.self)] else { return nil }
        // Stored under its own base type's identifier.
        return unsafeDowncast(registry, to: PolymorphicRegistry<Base>.self)
    }

    /// The registry for `base` in the set `userInfo` holds under ``userInfoKey``, if any.
    static func registry<Base>(for base: Base.Type, in userInfo: [CodingUserInfoKey: Any]) -> PolymorphicRegistry<Base>? {
        guard !userInfo.isEmpty, let registries = userInfo[userInfoKey] as? PolymorphicRegistries else { return nil }
        return registries.registry(for: base)
    }

    /// Whether the set has no registry.
    public var isEmpty: Bool { registries.isEmpty }

    /// The number of registries.
    public var count: Int { registries.count }
}

/// A registry of any base type, for storage in ``PolymorphicRegistries``.
protocol AnyPolymorphicRegistry: AnyObject, Sendable {}

extension PolymorphicRegistry: AnyPolymorphicRegistry {}
