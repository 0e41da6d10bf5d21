// The classes workload of `--profile classes|classes-initfrom`: the 10,000 records
// of RecordModels.swift decoded into a class that can have subclasses, annotated
// like MacroRecord: read directly (as itself), and with the direct path off.

import Foundation
import JoltMacros

/// ``MacroRecord`` as a class that is not final.
@Codable
class MacroRecordClass {
    var id: Int
    @CodingKey("name", "username", "profile.name") var name: String
    var age = 33
    var tags: [String]
    var score: Double?
    @CodingKey("meta.rank") var rank: Int
}
