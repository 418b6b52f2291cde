@_spi(Pipeline) import TouchTapeEvents

/// Device units → millimetres, per axis, converted once at the frame stage.
///
/// Positions are measured from the axis minimum, +x right, +y down (the device's own
/// orientation). The axes are `ABS_MT_POSITION_X/Y` when the device has them (the
/// contacts come from those), else `ABS_X/Y`. Resolution is `absinfo.resolution`
/// (units per mm, 0 = unknown: linux/input.h, `struct input_absinfo`).
///
/// When a resolution is missing the ``ResolutionFallback`` decides, and ``isAssumed`` /
/// ``assumption`` say so for reports:
/// ```swift
/// let units = MillimetreConversion(description: d)   // EP0430M09: X 0…1279, Y 0…767, resolution 0
/// units.assumption  // "resolution not reported; assumed 12.79 units/mm (longer axis = 100 mm)"
/// ```
package struct MillimetreConversion: Hashable, Sendable {
    /// Device units per millimetre on x.
    package var unitsPerMillimetreX: Double
    /// Device units per millimetre on y.
    package var unitsPerMillimetreY: Double
    /// The x axis's minimum (its origin).
    package var minimumX: Int32
    /// The y axis's minimum (its origin).
    package var minimumY: Int32
    /// True when at least one axis's resolution was assumed rather than reported.
    package var isAssumed: Bool
    /// A sentence for reports when ``isAssumed``, else `nil`.
    package var assumption: String?

    /// A value from its parts.
    package init(unitsPerMillimetreX: Double, unitsPerMillimetreY: Double, minimumX: Int32 = 0, minimumY: Int32 = 0,
                isAssumed: Bool = false, assumption: String? = nil) {
        self.unitsPerMillimetreX = unitsPerMillimetreX
        self.unitsPerMillimetreY = unitsPerMillimetreY
        self.minimumX = minimumX
        self.minimumY = minimumY
        self.isAssumed = isAssumed
        self.assumption = assumption
    }

    /// Reads the position axes of `description`.
    ///
    /// - Both resolutions reported: used as they are.
    /// - One reported: the other axis borrows it (square units are the common case and
    ///   keep shapes); marked assumed.
    /// - None reported: `fallback` gives one value for both axes; marked assumed.
    /// - No position axes at all: 1 unit/mm from 0, marked assumed (nothing to convert).
    package init(description: DeviceDescription, fallback: ResolutionFallback = .standard, deviceSize: DeviceSize? = nil,
                 installed: InstalledDeviceHints? = nil) {
        typealias C = EventCodes
        let (codeX, codeY) = description.positionAxes
        let infoX = description.absInfo[codeX]
        let infoY = description.absInfo[codeY]
        let minX = infoX?.minimum ?? 0, minY = infoY?.minimum ?? 0
        var resX = infoX.map { Double($0.resolution) } ?? 0, resY = infoY.map { Double($0.resolution) } ?? 0

        let rangeX = infoX.map { Double(Int64($0.maximum) - Int64($0.minimum)) } ?? 0
        let rangeY = infoY.map { Double(Int64($0.maximum) - Int64($0.minimum)) } ?? 0
        // The size given (`--device-size`) wins over everything the device says.
        if let size = deviceSize, rangeX > 0, rangeY > 0 {
            self.init(unitsPerMillimetreX: rangeX / size.width, unitsPerMillimetreY: rangeY / size.height, minimumX: minX,
                      minimumY: minY, isAssumed: true,
                      assumption: "size \(size.argument) from --device-size: \(Self.format(rangeX / size.width)) × \(Self.format(rangeY / size.height)) units/mm")
            return
        }
        // A resolution not reported: udev's hwdb fix for the axis (as udev applies it before
        // libinput reads the quirks), the one stored with the recording, else the one this
        // machine's hwdb has for the device's ids; then libinput's quirk, stored, else installed.
        var fixed: String?
        if resX <= 0 || resY <= 0 {
            func fix(_ code: UInt16, _ singleTouch: UInt16, _ properties: [String]) -> AxisFix? {
                if let own = AxisFix.resolution(of: code, in: properties) { return own }
                // A fix of ABS_X/Y alone serves the MT axis when both cover the same range.
                guard code != singleTouch, description.absInfo[code]?.minimum == description.absInfo[singleTouch]?.minimum,
                      description.absInfo[code]?.maximum == description.absInfo[singleTouch]?.maximum else { return nil }
                return AxisFix.resolution(of: singleTouch, in: properties)
            }
            let found = installed.map { $0.hardware.axisFixes(for: description, dmi: nil) }
            let sources: [(properties: [String], origin: String, whence: String)] = [
                (description.udevProperties, "the recording's hwdb fix", ""),
                (found?.properties ?? [], "the installed hwdb fix", found.map { " (\($0.sources.joined(separator: ", ")))" } ?? "")]
            for source in sources {
                let fx = resX <= 0 ? fix(codeX, C.ABS_X, source.properties) : nil
                let fy = resY <= 0 ? fix(codeY, C.ABS_Y, source.properties) : nil
                guard fx != nil || fy != nil else { continue }
                if let fx { resX = Double(fx.resolution!) }
                if let fy { resY = Double(fy.resolution!) }
                fixed = "resolution not reported; \(Self.format(resX)) × \(Self.format(resY)) units/mm from \(source.origin) "
                    + [fx, fy].compactMap { $0?.text }.joined(separator: ", ") + source.whence
                break
            }
        }
        // No resolution reported nor fixed: the recording's stored libinput quirk, else this
        // machine's installed quirks for the device's name and ids.
        var sized: (QuirkSize, String, String)?
        if resX <= 0, resY <= 0 {
            if let stored = QuirkSize.from(description.quirks) {
                sized = (stored, "the recording's libinput quirk", "")
            } else if let installed, case let found = installed.quirks.sizeQuirks(for: description), let quirk = QuirkSize.from(found.quirks) {
                sized = (quirk, "the installed libinput quirk", " (\(found.sections.joined(separator: ", ")))")
            }
        }
        if let (quirk, origin, whence) = sized {
            switch quirk {
            case .resolution(let x, let y, let text):
                self.init(unitsPerMillimetreX: x, unitsPerMillimetreY: y, minimumX: minX, minimumY: minY, isAssumed: true,
                          assumption: "resolution not reported; \(Self.format(x)) × \(Self.format(y)) units/mm from \(origin) \(text)\(whence)")
                return
            case .size(let size, let text) where rangeX > 0 && rangeY > 0:
                self.init(unitsPerMillimetreX: rangeX / size.width, unitsPerMillimetreY: rangeY / size.height, minimumX: minX,
                          minimumY: minY, isAssumed: true,
                          assumption: "resolution not reported; size from \(origin) \(text)\(whence): \(Self.format(rangeX / size.width)) × \(Self.format(rangeY / size.height)) units/mm")
                return
            case .size: break
            }
        }
        switch (resX > 0, resY > 0) {
        case (true, true):
            self.init(unitsPerMillimetreX: resX, unitsPerMillimetreY: resY, minimumX: minX, minimumY: minY,
                      isAssumed: fixed != nil, assumption: fixed)
        case (true, false):
            self.init(unitsPerMillimetreX: resX, unitsPerMillimetreY: resX, minimumX: minX, minimumY: minY, isAssumed: true,
                      assumption: (fixed.map { $0 + "; " } ?? "") + "y resolution not reported; assumed x's \(Self.format(resX)) units/mm")
        case (false, true):
            self.init(unitsPerMillimetreX: resY, unitsPerMillimetreY: resY, minimumX: minX, minimumY: minY, isAssumed: true,
                      assumption: (fixed.map { $0 + "; " } ?? "") + "x resolution not reported; assumed y's \(Self.format(resY)) units/mm")
        case (false, false):
            let perMM: Double, reason: String
            switch fallback {
            case .longerAxis(let millimetres):
                let longer = max(rangeX, rangeY)
                perMM = longer > 0 && millimetres > 0 ? longer / millimetres : 1
                reason = "longer axis = \(Self.format(millimetres)) mm"
            case .unitsPerMillimetre(let value):
                perMM = value > 0 ? value : 1
                reason = "given"
            }
            self.init(unitsPerMillimetreX: perMM, unitsPerMillimetreY: perMM, minimumX: minX, minimumY: minY, isAssumed: true,
                      assumption: "resolution not reported; assumed \(Self.format(perMM)) units/mm (\(reason))")
        }
    }

    /// Millimetres from the axis minimum.
    package func position(rawX: Int32, rawY: Int32) -> Vector2 {
        Vector2(x: Double(Int64(rawX) - Int64(minimumX)) / unitsPerMillimetreX,
                y: Double(Int64(rawY) - Int64(minimumY)) / unitsPerMillimetreY)
    }

    /// Two decimals at most, no trailing zeros: 7.68, 10, 0.5.
    static func format(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return "\(value)" }  // beyond Int64 hundredths
        let hundredths = (value * 100).rounded()
        let whole = Int64(hundredths / 100), fraction = Int64(abs(hundredths).truncatingRemainder(dividingBy: 100))
        guard fraction != 0 else { return String(whole) }
        let digits = fraction < 10 ? "0\(fraction)" : String(fraction)
        return "\(whole)." + (digits.hasSuffix("0") ? String(digits.dropLast()) : digits)
    }
}

