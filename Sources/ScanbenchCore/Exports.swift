// Scoring is its own target so it builds and tests without the C libraries; users of the core see it
// as part of one library.
@_exported import ScanbenchScoring
