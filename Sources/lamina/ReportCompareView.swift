/// The overlay view both HTML reports show per scene: two images stacked at their size in points, a wipe
/// slider that reveals the image under test over the reference from the left, and a flicker button that
/// swaps them twice a second, so a one-pixel shift shows as movement (DESIGN.md: "The report is a picture").
///
/// Plain inline HTML, CSS and script, no external resources, so a report opens from disk or a CI artefact.
/// Without script the view still shows the two halves at the slider's starting place (the clip is inline).
/// Rejected: a `<canvas>` compositing the images in script (nothing shows without script, and the PNGs'
/// pixels are only reachable across `file://` with CORS trouble); CSS `mix-blend-mode: difference` (the
/// heat map beside it says the same with a scale).
struct ReportCompareView {
    /// One of the two images: its file, relative to the report, and the label the view shows on it.
    struct Picture {
        var file: String
        var label: String
    }

    /// The image drawn underneath (the reference: CPU, or the expected image).
    var under: Picture
    /// The image wiped over it (under test: GPU, or the render).
    var over: Picture
    /// The size in points: pixels divided by the scene's scale, at least 1.
    var pointWidth: Int
    var pointHeight: Int
    /// The slider's starting place, in percent of the width revealed.
    var start = 50

    /// Points for `pixels` at `scale` pixels a point, rounded, at least 1 (a bad scale counts as 1).
    static func points(_ pixels: Int, scale: Double) -> Int {
        let s = scale.isFinite && scale > 0 ? scale : 1
        return max(1, Int((Double(pixels) / s).rounded()))
    }

    /// The view's markup: the stacked images with their labels in the corners, the slider and the button.
    var html: String {
        let size = "width=\"\(pointWidth)\" height=\"\(pointHeight)\""
        let overLabel = HTML.escape(over.label), underLabel = HTML.escape(under.label)
        return "<div class=\"compare\"><div class=\"wipe\" style=\"width:\(pointWidth)px;height:\(pointHeight)px\">"
            + "<img src=\"\(HTML.escape(under.file))\" \(size) alt=\"\(underLabel)\">"
            + "<img class=\"over\" src=\"\(HTML.escape(over.file))\" \(size) alt=\"\(overLabel)\" "
            + "style=\"clip-path:inset(0 \(100 - start)% 0 0)\">"
            + "<span class=\"tag left\">\(overLabel)</span><span class=\"tag right\">\(underLabel)</span></div>"
            + "<div class=\"controls\"><input type=\"range\" class=\"wipe-slider\" min=\"0\" max=\"100\" "
            + "value=\"\(start)\" aria-label=\"\(overLabel) over \(underLabel)\">"
            + "<button type=\"button\" class=\"flicker\">flicker</button></div></div>"
    }

    /// The rules the view needs, for the page's `<style>`. Each image has the checkerboard behind it, so a
    /// transparent pixel of the image on top shows the board, not the image under it.
    static let css = """
        .compare{display:inline-block;vertical-align:top;margin:0 8px 0 0}
        .wipe{position:relative;overflow:hidden;border:1px solid #999;
        background:repeating-conic-gradient(#ddd 0 25%,#fff 0 50%) 0 0/16px 16px}
        .wipe img{position:absolute;left:0;top:0;border:0;image-rendering:pixelated;
        background:repeating-conic-gradient(#ddd 0 25%,#fff 0 50%) 0 0/16px 16px}
        .wipe .tag{position:absolute;top:2px;font:10px/1.3 system-ui,sans-serif;color:#fff;
        background:rgba(0,0,0,.6);padding:0 3px;border-radius:3px;pointer-events:none}
        .wipe .tag.left{left:2px}.wipe .tag.right{right:2px}
        .controls{display:flex;gap:4px;align-items:center;font-size:11px}
        .controls input{flex:1;min-width:60px;margin:2px 0}.controls button{font-size:11px}
        """

    /// The behaviour, for one `<script>` at the end of the page: the slider moves the clip; the button starts
    /// and stops the flicker, which leaves the slider where it was.
    static let script = """
        document.querySelectorAll('.compare').forEach(function (view) {
          var over = view.querySelector('img.over');
          var slider = view.querySelector('input.wipe-slider');
          var button = view.querySelector('button.flicker');
          var timer = null, shown = false;
          function reveal(percent) { over.style.clipPath = 'inset(0 ' + (100 - percent) + '% 0 0)'; }
          slider.addEventListener('input', function () { reveal(slider.value); });
          button.addEventListener('click', function () {
            if (timer !== null) {
              clearInterval(timer); timer = null; button.textContent = 'flicker'; reveal(slider.value); return;
            }
            button.textContent = 'stop';
            timer = setInterval(function () { shown = !shown; reveal(shown ? 100 : 0); }, 500);
          });
        });
        """
}
