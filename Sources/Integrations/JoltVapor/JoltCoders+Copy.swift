#if Vapor
import Jolt

// Vapor's `userInfo` variants must not change a coder that other requests
// share, so they decode and encode with a copy that has every option of the
// original and the merged `userInfo`.

extension JoltDecoder {
    /// A new decoder with this one's options and `extra` merged over its `userInfo`.
    func copy(mergingUserInfo extra: [CodingUserInfoKey: any Sendable]) -> JoltDecoder {
        let result = self.copy()
        result.userInfo = userInfo.merging(extra) { $1 }
        return result
    }
}

extension JoltEncoder {
    /// A new encoder with this one's options and `extra` merged over its `userInfo`.
    func copy(mergingUserInfo extra: [CodingUserInfoKey: any Sendable]) -> JoltEncoder {
        let result = self.copy()
        result.userInfo = userInfo.merging(extra) { $1 }
        return result
    }
}
#endif
