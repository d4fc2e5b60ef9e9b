// NB: the kit needs Swift 6.2 or later (it uses `weak let`, among others); Package.swift's
// tools version says the same. An older compiler stops here with this message rather than with
// an error about some feature deep in a module.
#if !compiler(>=6.2)
  #error("Composable needs Swift 6.2 or later (Xcode 26 or a Swift 6.2 toolchain).")
#endif
