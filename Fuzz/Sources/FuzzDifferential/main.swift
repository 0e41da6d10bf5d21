import FuzzCommon

/// libFuzzer entry point: both backends on the same input; any difference in
/// verdict, error, tape size or decoded value is a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    requireYAJL()
    checkDifferential(UnsafeRawBufferPointer(start: start, count: count))
    return 0
}
