import Foundation

// A program read from the fuzz input that keeps every container and super
// encoder it makes and writes into any of them later, after their parents went
// on: JoltEncoder encodes it again in merge mode, which opens closed containers
// again where they stand, and must give Foundation's bytes. Each container key
// is new (Foundation traps when a container of the other kind is asked for over
// a key), each array gets at most one super encoder (with one, where Foundation
// inserts its value does not depend on the order of the releases), and each
// super encoder is used once.

struct LateProgram: Encodable {
    let bytes: [UInt8]

    func encode(to encoder: any Encoder) throws {
        var objects = [encoder.container(keyedBy: ScriptKey.self)]
        var arrays: [any UnkeyedEncodingContainer] = []
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
            case 4:
                let key = fresh("o")
                objects.append(objects[operand % objects.count].nestedContainer(keyedBy: ScriptKey.self, forKey: key))
            case 5:
                let key = fresh("u")
                arrays.append(objects[operand % objects.count].nestedUnkeyedContainer(forKey: key))
            case 6:
                guard !arrays.isEmpty else { continue }
                if op & 0x10 == 0 {
                    objects.append(arrays[operand % arrays.count].nestedContainer(keyedBy: ScriptKey.self))
                } else {
                    arrays.append(arrays[operand % arrays.count].nestedUnkeyedContainer())
                }
            case 7:
                let key = fresh("s")
                supers.append((objects[operand % objects.count].superEncoder(forKey: key), false))
            case 8:
                guard !arrays.isEmpty, !arraysWithSuper.contains(operand % arrays.count) else { continue }
                arraysWithSuper.insert(operand % arrays.count)
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
