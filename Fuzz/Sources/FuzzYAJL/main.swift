import FuzzCommon

/// libFuzzer entry point: the yajl backend alone (parse, validate, decode).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    requireYAJL()
    checkSingleBackend(UnsafeRawBufferPointer(start: start, count: count), .yajl)
    return 0
}
