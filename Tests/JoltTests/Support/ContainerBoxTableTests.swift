import XCTest
@testable import Jolt

/// ``ContainerBoxTable`` keeps one slot for every key type it meets, however
/// many there are and however their identifiers hash: no type evicts another.
final class ContainerBoxTableTests: XCTestCase {
    final class Box {}

    /// `count` distinct identifiers (of live objects, as a type's metadata is).
    private func identifiers(_ count: Int) -> (ids: [ObjectIdentifier], owners: [Box]) {
        let owners = (0..<count).map { _ in Box() }
        return (owners.map(ObjectIdentifier.init), owners)
    }

    func testEveryTypeKeepsItsSlotAsTheTableGrows() {
        let table = ContainerBoxTable(capacity: 4)
        defer { table.deallocate() }
        let (ids, owners) = identifiers(1_000)
        // First meeting: recorded, nothing to keep yet.
        for id in ids { XCTAssertNil(table.slotMetBefore(id)) }
        XCTAssertEqual(table.count, 1_000)
        XCTAssertEqual(table.capacity, 2_048)
        // Second meeting: each type has its slot, and keeps its box.
        var boxes: [Box] = []
        for id in ids {
            guard let slot = table.slotMetBefore(id) else { return XCTFail("type forgotten") }
            XCTAssertEqual(slot.pointee.type, id)
            let box = Box()
            ContainerBoxTable.keep(box, in: slot)
            boxes.append(box)
        }
        // Every box held elsewhere is not handed out; let go of, it is, for its own type only.
        XCTAssertNil(table.unsharedBox(ids[17]))
        boxes = []
        for (i, id) in ids.enumerated() {
            guard let box = table.unsharedBox(id) else { return XCTFail("box \(i) lost") }
            XCTAssertTrue(table.slotMetBefore(id)?.pointee.box === box)
        }
        withExtendedLifetime(owners) {}
    }

    func testAFullTableCachesNoNewType() {
        let table = ContainerBoxTable(capacity: ContainerBoxTable.maximumCapacity)
        defer { table.deallocate() }
        let (ids, owners) = identifiers(ContainerBoxTable.maximumCapacity / 2 + 10)
        defer { withExtendedLifetime(owners) {} }
        for id in ids { XCTAssertNil(table.slotMetBefore(id)) }
        XCTAssertEqual(table.count, ContainerBoxTable.maximumCapacity / 2)
        XCTAssertEqual(table.capacity, ContainerBoxTable.maximumCapacity)
        for id in ids.prefix(ContainerBoxTable.maximumCapacity / 2) { XCTAssertNotNil(table.slotMetBefore(id)) }
        for id in ids.suffix(10) {
            XCTAssertNil(table.slotMetBefore(id))
            XCTAssertNil(table.unsharedBox(id))
        }
    }

    func testASecondBoxIsKeptWhileTheFirstIsInUse() {
        let table = ContainerBoxTable()
        defer { table.deallocate() }
        let (ids, owners) = identifiers(1)
        defer { withExtendedLifetime(owners) {} }
        XCTAssertNil(table.slotMetBefore(ids[0]))
        var first: Box? = Box()
        var second: Box? = Box()
        let third = Box()
        ContainerBoxTable.keep(first!, in: table.slotMetBefore(ids[0])!)
        ContainerBoxTable.keep(second!, in: table.slotMetBefore(ids[0])!)
        // Both in use: the third is not kept, and neither is handed out.
        ContainerBoxTable.keep(third, in: table.slotMetBefore(ids[0])!)
        XCTAssertNil(table.unsharedBox(ids[0]))
        weak let firstBox = first
        weak let secondBox = second
        second = nil
        XCTAssertTrue(table.unsharedBox(ids[0]) === secondBox)
        first = nil
        XCTAssertTrue(table.unsharedBox(ids[0]) === firstBox)
        var visited = 0
        table.forEachBox { _ in visited += 1 }
        XCTAssertEqual(visited, 2)
        // Let go of, the boxes are freed; the type stays.
        table.removeBoxes()
        XCTAssertNil(firstBox)
        XCTAssertNil(secondBox)
        XCTAssertEqual(table.count, 1)
        XCTAssertNotNil(table.slotMetBefore(ids[0]))
        XCTAssertNil(table.unsharedBox(ids[0]))
    }

    func testDeallocatingLetsGoOfTheBoxes() {
        weak var kept: Box?
        do {
            let table = ContainerBoxTable(capacity: 2)
            let (ids, owners) = identifiers(3)
            defer { withExtendedLifetime(owners) {} }
            for id in ids { XCTAssertNil(table.slotMetBefore(id)) }
            let box = Box()
            kept = box
            ContainerBoxTable.keep(box, in: table.slotMetBefore(ids[2])!)
            table.deallocate()
        }
        XCTAssertNil(kept)
    }
}
