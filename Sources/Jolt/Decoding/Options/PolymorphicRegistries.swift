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

    /// The registries by their base type's `ObjectIdentifier`. The typed API
    /// that fills and reads it is in `Extras/Polymorphism/`.
    var registries: [ObjectIdentifier: any AnyPolymorphicRegistry] = [:]

    /// An empty set.
    public init() {}

    /// Whether the set has no registry.
    public var isEmpty: Bool { registries.isEmpty }

    /// The number of registries.
    public var count: Int { registries.count }
}

/// A registry of any base type, for storage in ``PolymorphicRegistries``.
protocol AnyPolymorphicRegistry: AnyObject, Sendable {}
