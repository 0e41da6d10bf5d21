import FuzzCommon

/// libFuzzer entry point: the Swift scanner alone (parse, validate, decode).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    checkSingleBackend(UnsafeRawBufferPointer(start: start, count: count), .swift)
    return 0
}
