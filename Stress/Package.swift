// swift-tools-version: 6.1
//
// A concurrency stress test of Jolt, run under ThreadSanitizer by `make sanitize`
// (`swift build --sanitize=thread`): one shared JoltDecoder and one shared
// JoltEncoder per option set, used by concurrent tasks, every result checked
// against a single-threaded run. A separate package, like Fuzz/ and Benchmarks/, so
// that the sanitizer's flags never reach the main build and the run compiles
// Jolt and this executable only (not the test suite or swift-syntax). The corpus
// models are compiled from ../Tests/JoltTests/Models through the `Models`
// symlink in the source folder, as Benchmarks/ does. TSanMutexAnnotations tells
// TSan about Synchronization's Mutex, which it cannot see on Linux (without it,
// every contended lock is a false report).
//
//   swift build --sanitize=thread
//   TSAN_OPTIONS=halt_on_error=1 .build/debug/JoltStress [--tasks 8] [--rounds N]

import Foundation
import PackageDescription

/// The identity of a path dependency is its directory name, which differs between
/// checkouts (`main`, `jolt`, a worktree name, ...): the name of the parent of Stress/.
let joltIdentity = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "JoltStress",
    platforms: [.macOS("26.0")],   // Jolt's (see ../Package.swift)
    dependencies: [
        // Jolt with its default traits: the pure-Swift backend, nothing to install.
        .package(path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "JoltStress",
            dependencies: [.product(name: "Jolt", package: joltIdentity), "TSanMutexAnnotations"],
            path: "Sources/JoltStress"
        ),
        // Under ThreadSanitizer, Synchronization's Mutex made visible to it (its
        // slow paths, in a library TSan does not instrument; see MutexAnnotations.c).
        .target(name: "TSanMutexAnnotations", path: "Sources/TSanMutexAnnotations"),
    ],
    swiftLanguageModes: [.v6]
)
