# tools/lib/fresh-build.sh: sourced by the scripts that build a release binary and report
# what it did (tools/bench, tools/vm-test, tools/fuzz).
#
# SwiftPM's incremental build does not always rebuild a module when a module it imports
# changes a struct's layout or an inlinable body behind a re-export (this package's
# modules re-export each other): the old layout or body stays compiled into the
# dependent module (swiftlang/swift-package-manager#10502, swiftlang/swift#89636). Seen
# here: `PanVelocity`'s stored reference changed, `TouchTapePan` was not recompiled, and
# the harness crashed in `swift_release`; a change of an inlinable body alone is measured
# as the old code without a sign. A figure or a test run from such a binary is about
# code that does not exist, so these scripts build from scratch whenever the sources
# differ from those of their scratch path's last build.
#
#   fresh_build_products SCRATCH   # forget SCRATCH's release products if the sources changed

fresh_build_stamp() {
  # The compiler, the manifest and every file a product is built from.
  {
    swift --version 2>/dev/null
    find Package.swift Sources Benchmarks -type f -print0 | sort -z | xargs -0 sha1sum
  } | sha1sum | cut -c1-40
}

fresh_build_products() {
  local scratch=$1 stamp old=""
  stamp=$(fresh_build_stamp)
  mkdir -p "$scratch"
  [ -f "$scratch/sources.sha1" ] && old=$(cat "$scratch/sources.sha1")
  if [ "$stamp" != "$old" ]; then
    if [ -n "$old" ]; then
      echo "${0##*/}: the sources changed since ${scratch##*/}'s last build: building every module again" >&2
    fi
    # The products only: the package checkouts stay.
    rm -rf "$scratch"/*-unknown-linux-gnu/release "$scratch/release"
    echo "$stamp" > "$scratch/sources.sha1"
  fi
}
