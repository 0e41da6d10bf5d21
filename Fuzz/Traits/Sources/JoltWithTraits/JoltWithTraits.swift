// Nothing of its own: depending on this module is what turns Jolt's YAJL and
// SIMDJSON traits on for the fuzzers (see Package.swift).
@_exported import Jolt
