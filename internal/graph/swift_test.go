package graph

import "testing"

// A Swift file's imports: modules, submodules, symbol imports (static), after
// attributes and access levels, under #if (conditional); none in comments, block
// comments (nested) or multi-line strings, and no `importFoo` or `import` in prose.
func TestSwiftImports(t *testing.T) {
	src := `import Foundation
@testable import AppCore
@_spi(Internal) import Networking
public import Models.Shared
import struct Darwin.C.timeval
#if canImport(UIKit)
import UIKit
#endif
// import Commented
/* import Blocked
   /* nested */ import StillBlocked
*/
let s = """
import NotCode
"""
let t = "import Quoted"
importer.run()
func f() {}
`
	f := Extract("swift", []byte(src))
	want := `1:Foundation 2:AppCore 3:Networking 4:Models.Shared 5:Darwin.C.timeval[static] 7:UIKit[cond]`
	if got := show(f.Imports); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// Swift modules resolve to the folders of Package.swift's targets (a custom path,
// SwiftPM's default Sources/NAME and Tests/NAME); the SDK's and dependencies' modules
// are external. Without Package.swift, a folder named like the module.
func TestResolveSwift(t *testing.T) {
	tree := map[string]string{
		"Package.swift": `// swift-tools-version:5.9
import PackageDescription
let package = Package(
    name: "App",
    targets: [
        .target(name: "AppCore", dependencies: ["Networking"]),
        .target(name: "Networking", dependencies: [.product(name: "NIO", package: "swift-nio")], path: "Modules/Net"),
        .executableTarget(name: "app-cli", dependencies: ["AppCore"]),
        .testTarget(name: "AppCoreTests", dependencies: ["AppCore"]),
    ]
)
`,
		"Sources/AppCore/Core.swift":         "import Foundation\nimport Networking\n",
		"Modules/Net/Client.swift":           "import NIO\n",
		"Sources/app-cli/main.swift":         "import AppCore\nimport ArgumentParser\n",
		"Tests/AppCoreTests/CoreTests.swift": "import XCTest\n@testable import AppCore\nimport app_cli\n",
	}
	check(t, "core", edges(t, tree, "Sources/AppCore/Core.swift"), `1:Foundation(external) 2:Modules/Net(dir)`)
	check(t, "tests", edges(t, tree, "Tests/AppCoreTests/CoreTests.swift"), `1:XCTest(external) 2:Sources/AppCore(dir) 3:Sources/app-cli(dir)`)

	xcode := map[string]string{
		"Shared/Model.swift":       "import Foundation\n",
		"iOSApp/AppDelegate.swift": "import UIKit\nimport Shared\n",
	}
	check(t, "no Package.swift", edges(t, xcode, "iOSApp/AppDelegate.swift"), `1:UIKit(external) 2:Shared(dir)`)
}
