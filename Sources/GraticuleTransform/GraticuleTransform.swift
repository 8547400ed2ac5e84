import GraticuleCRS

/// Coordinate operations between CRSs live here.
public enum GraticuleTransform {}
