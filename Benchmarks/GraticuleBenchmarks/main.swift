import Foundation
import Graticule

// Benchmarks harness; see Benchmarks/README.md.
print("no benchmarks yet")
