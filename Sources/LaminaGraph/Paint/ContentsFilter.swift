/// How a texture is sampled when it is drawn smaller or larger than its texels (CALayer's
/// `minificationFilter` and `magnificationFilter`): both renderers evaluate the same filter from texel fetches.
public enum ContentsFilter: String, Sendable, Hashable, Codable, CaseIterable {
    case linear, nearest, trilinear
}
