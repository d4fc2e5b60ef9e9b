import Foundation

#if !canImport(Darwin)
  extension URL {
    /// The user's data directory, where an app keeps the documents it creates: on Linux,
    /// `$XDG_DATA_HOME`, or `~/.local/share` when it is not set.
    ///
    /// Apple platforms have this property in Foundation; Linux's Foundation does not, so the kit
    /// adds it, and file storage paths written for Apple platforms compile unchanged. On Linux a
    /// "documents" folder is a place for the user's own files, not an app's data, hence the data
    /// directory.
    ///
    /// ```swift
    /// @Shared(.fileStorage(.documentsDirectory.appending(path: "user.json"))) var user: User?
    /// ```
    public static var documentsDirectory: URL {
      xdgDirectory("XDG_DATA_HOME", default: ".local/share")
    }

    /// The directory for an app's support files: on Linux, `$XDG_DATA_HOME`, or `~/.local/share`
    /// when it is not set.
    ///
    /// ```swift
    /// let url = URL.applicationSupportDirectory.appending(path: "MyApp/settings.json")
    /// ```
    public static var applicationSupportDirectory: URL {
      xdgDirectory("XDG_DATA_HOME", default: ".local/share")
    }

    /// The directory for an app's caches, which may be deleted at any time: on Linux,
    /// `$XDG_CACHE_HOME`, or `~/.cache` when it is not set.
    ///
    /// ```swift
    /// let url = URL.cachesDirectory.appending(path: "MyApp/thumbnails")
    /// ```
    public static var cachesDirectory: URL {
      xdgDirectory("XDG_CACHE_HOME", default: ".cache")
    }

    private static func xdgDirectory(_ variable: String, default path: String) -> URL {
      xdgDirectory(
        variable, default: path, environment: ProcessInfo.processInfo.environment,
        home: .homeDirectory)
    }

    /// The directory an XDG base-directory variable names, or `path` under `home` when it is not
    /// set or is not absolute (the specification says to ignore a relative one).
    ///
    /// ```swift
    /// URL.xdgDirectory("XDG_DATA_HOME", default: ".local/share", environment: [:], home: home)
    /// ```
    ///
    /// - Parameters:
    ///   - variable: The variable's name, such as `XDG_DATA_HOME`.
    ///   - path: The directory under `home` to use when the variable does not apply.
    ///   - environment: The process's environment.
    ///   - home: The user's home directory.
    /// - Returns: The directory.
    package static func xdgDirectory(
      _ variable: String, default path: String, environment: [String: String], home: URL
    ) -> URL {
      if let value = environment[variable], value.hasPrefix("/") {
        return URL(filePath: value, directoryHint: .isDirectory)
      }
      return home.appending(path: path, directoryHint: .isDirectory)
    }
  }
#endif
