import Foundation

// A program read from the fuzz input that keeps every container and super
// encoder it makes and writes into any of them later, after their parents went
// on: JoltEncoder reads where each stands from its output and writes there
// (late merging), in one run of `encode(to:)`, and must give Foundation's
// bytes. A container key is new, or names a nested container asked for again
// (Foundation traps when a container of the other kind is asked for over a
// key); each array gets at most one super encoder (with one, where Foundation
// inserts its value does not depend on the order of the releases), and each
// super encoder is used once.

/// Counts the runs of `LateProgram.encode(to:)` (in `userInfo`).
final class LateRuns: @unchecked Sendable {
    static let key = CodingUserInfoKey(rawValue: "lateRuns")!
    var count = 0
}

struct LateProgram: Encodable {
    let bytes: [UInt8]

    func encode(to encoder: any Encoder) throws {
        (encoder.userInfo[LateRuns.key] as? LateRuns)?.count += 1
        var objects = [encoder.container(keyedBy: ScriptKey.self)]
        var arrays: [any UnkeyedEncodingContainer] = []
        // For each of `arrays`, the array it writes into (one asked for again shares it).
        var arrayStorage: [Int] = []
        // The nested containers made in each object: key, kind, array storage.
        var nestedKeys: [Int: [(key: ScriptKey, isObject: Bool, storage: Int)]] = [:]
        var arraysWithSuper: Set<Int> = []
        var supers: [(encoder: any Encoder, used: Bool)] = []
        var next = 0
        func fresh(_ prefix: String) -> ScriptKey {
            next += 1
            return ScriptKey("\(prefix)\(next)")
        }
        var position = 0
        while position + 1 < bytes.count && position < 128 {
            let op = bytes[position], operand = Int(bytes[position + 1])
            position += 2
            let value = operand - 128
            switch op % 10 {
            case 0, 1:
                try objects[operand % objects.count].encode(value, forKey: ScriptKey(op & 0x10 == 0 ? "a" : "b"))
            case 2, 3:
                guard !arrays.isEmpty else { continue }
                try arrays[operand % arrays.count].encode(value)
            case 4 where op & 0x20 != 0, 5 where op & 0x20 != 0:
                // A nested container asked for again.
                guard let keys = nestedKeys[operand % objects.count], !keys.isEmpty else { continue }
                let (key, isObject, storage) = keys[Int(op >> 6) % keys.count]
                if isObject {
                    objects.append(objects[operand % objects.count].nestedContainer(keyedBy: ScriptKey.self, forKey: key))
                } else {
                    arrayStorage.append(storage)
                    arrays.append(objects[operand % objects.count].nestedUnkeyedContainer(forKey: key))
                }
            case 4:
                let key = fresh("o")
                nestedKeys[operand % objects.count, default: []].append((key, true, 0))
                objects.append(objects[operand % objects.count].nestedContainer(keyedBy: ScriptKey.self, forKey: key))
            case 5:
                let key = fresh("u")
                nestedKeys[operand % objects.count, default: []].append((key, false, arrays.count))
                arrayStorage.append(arrays.count)
                arrays.append(objects[operand % objects.count].nestedUnkeyedContainer(forKey: key))
            case 6:
                guard !arrays.isEmpty else { continue }
                if op & 0x10 == 0 {
                    objects.append(arrays[operand % arrays.count].nestedContainer(keyedBy: ScriptKey.self))
                } else {
                    arrayStorage.append(arrays.count)
                    arrays.append(arrays[operand % arrays.count].nestedUnkeyedContainer())
                }
            case 7:
                let key = fresh("s")
                supers.append((objects[operand % objects.count].superEncoder(forKey: key), false))
            case 8:
                guard !arrays.isEmpty, !arraysWithSuper.contains(arrayStorage[operand % arrays.count]) else { continue }
                arraysWithSuper.insert(arrayStorage[operand % arrays.count])
                supers.append((arrays[operand % arrays.count].superEncoder(), false))
            default:
                guard !supers.isEmpty, !supers[operand % supers.count].used else { continue }
                supers[operand % supers.count].used = true
                // The super encoder's value: a keyed or an unkeyed container,
                // kept with the others, or a number.
                let target = supers[operand % supers.count].encoder
                switch (op >> 4) % 3 {
                case 0:
                    objects.append(target.container(keyedBy: ScriptKey.self))
                    try objects[objects.count - 1].encode(value, forKey: ScriptKey("v"))
                case 1:
                    arrayStorage.append(arrays.count)
                    arrays.append(target.unkeyedContainer())
                    try arrays[arrays.count - 1].encode(value)
                default:
                    var single = target.singleValueContainer()
                    try single.encode(value)
                }
            }
        }
    }
}
