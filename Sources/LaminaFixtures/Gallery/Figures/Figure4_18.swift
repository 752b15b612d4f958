import Foundation
import LaminaCore
import LaminaImage
import LaminaGraph

extension Gallery {
    static let figure4_18 = GalleryFigure(
        number: "4.18", title: "The LCD clock reading 12:34: blurry, because magnification is linear by default",
        reference: "Chapter 4, Scaling Filters: Listing 4.6 (the clock with the default kCAFilterLinear)",
        width: 520, height: 180,
        sourceFile: "Figure4_18.swift", functions: ["lcdClock"],
        code: figure4_18Code, build: { lcdClock(in: $0) })

    /// Listing 4.6: displaying an LCD-style clock, one layer per digit picking its digit with contentsRect.
    @discardableResult static func lcdClock(in view: Layer) -> [Layer] {
        //an LCD panel behind the digits
        let panel = CALayer()
        panel.frame = CGRect(x: 50, y: 30, width: 420, height: 120)
        panel.backgroundColor = Color(red: 0.72, green: 0.8, blue: 0.62)
        panel.cornerRadius = 8
        view.addSublayer(panel)

        //get spritesheet image
        let digits = lcdDigitsImage()

        //set up digit views, showing 12:34
        var digitViews: [Layer] = []
        for (i, digit) in [1, 2, 3, 4].enumerated() {
            let digitView = CALayer()
            digitView.frame = CGRect(x: 30 + Double(i) * 90 + (i >= 2 ? 40 : 0), y: 12, width: 60, height: 96)
            digitView.contents = digits
            //adjust contentsRect to select correct digit
            digitView.contentsRect = CGRect(x: Double(digit) * 0.1, y: 0, width: 0.1, height: 1)
            digitView.contentsGravity = .resizeAspect
            panel.addSublayer(digitView)
            digitViews.append(digitView)
        }

        //the colon: two square dots
        for y in [36.0, 72.0] {
            let dot = CALayer()
            dot.frame = CGRect(x: 209, y: y, width: 12, height: 12)
            dot.backgroundColor = Color(red: 0.08, green: 0.16, blue: 0.12)
            panel.addSublayer(dot)
        }
        return digitViews
    }

    static let figure4_18Code = #"""
        @discardableResult static func lcdClock(in view: Layer) -> [Layer] {
            //an LCD panel behind the digits
            let panel = CALayer()
            panel.frame = CGRect(x: 50, y: 30, width: 420, height: 120)
            panel.backgroundColor = Color(red: 0.72, green: 0.8, blue: 0.62)
            panel.cornerRadius = 8
            view.addSublayer(panel)

            //get spritesheet image
            let digits = lcdDigitsImage()

            //set up digit views, showing 12:34
            var digitViews: [Layer] = []
            for (i, digit) in [1, 2, 3, 4].enumerated() {
                let digitView = CALayer()
                digitView.frame = CGRect(x: 30 + Double(i) * 90 + (i >= 2 ? 40 : 0), y: 12, width: 60, height: 96)
                digitView.contents = digits
                //adjust contentsRect to select correct digit
                digitView.contentsRect = CGRect(x: Double(digit) * 0.1, y: 0, width: 0.1, height: 1)
                digitView.contentsGravity = .resizeAspect
                panel.addSublayer(digitView)
                digitViews.append(digitView)
            }

            //the colon: two square dots
            for y in [36.0, 72.0] {
                let dot = CALayer()
                dot.frame = CGRect(x: 209, y: y, width: 12, height: 12)
                dot.backgroundColor = Color(red: 0.08, green: 0.16, blue: 0.12)
                panel.addSublayer(dot)
            }
            return digitViews
        }
        """#
}
