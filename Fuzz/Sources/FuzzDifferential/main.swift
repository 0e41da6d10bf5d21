import FuzzCommon

/// libFuzzer entry point: the three backends (yajl, Swift, simdjson) on the same
/// input; any difference in verdict, error, tape or decoded value is a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    requireYAJL()
    requireSIMDJSON()
    checkDifferential(UnsafeRawBufferPointer(start: start, count: count))
    return 0
}
