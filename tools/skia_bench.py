#!/usr/bin/env python3
"""Render lamina-scene/1 files with skia-python's raster (CPU) backend and time the frames.

The scenes are the ones `lamina bench --export-scenes DIR` writes, so Skia draws exactly the generated
geometry Lamina draws. Output is the JSON-lines format of `lamina bench --json` (backend "skia-raster"),
so results join on "scene" (the path as given).

Drawing follows Core Animation's order per layer (shadow, background, contents, sublayers, border) and
nesting (opacity(mask(clip(shadow + body)))):
- background: an antialiased rounded rect, radius min(cornerRadius, w/2, h/2);
- border: the rounded rect inset by borderWidth/2, stroked borderWidth wide, radius max(0, r - bw/2);
- shadow: shadowPath, or for a layer whose only drawing is its background that rounded rect, filled in
  the shadow colour with a normal Gaussian blur mask filter, sigma = shadowRadius (local units, so
  shadowRadius * scale pixels, as Lamina's planner does), offset by shadowOffset, drawn under the layer;
  any other alpha-derived shadow uses a DropShadowOnly image filter on a saved layer of the body;
- opacity < 1: saveLayerAlpha around the layer (group opacity);
- mask: saveLayer, body, then the mask layer drawn into a DstIn saveLayer;
- masksToBounds: an antialiased clip to the rounded bounds;
- contents: drawImageRect into bounds, trilinear = linear filter + linear mipmaps;
- gradient layers: the rounded rect filled with Skia's linear, radial (a unit circle scaled to the
  ellipse's radii) or sweep gradient shader, after the contents and before the sublayers; Skia
  interpolates unpremultiplied colours by default, as Core Animation does;
- text layers (plain strings): words laid out at record time with skia.Font.measureText (DejaVu through
  Skia's font manager; no shaping, as skia-python has no SkShaper), greedy wrapping, left/right/center
  alignment, justified lines drawn word by word, an ellipsis on the last line that fits when truncating;
  drawn with drawString straight to the canvas, clipped to the bounds (Skia draws text at device scale; it
  has no backing store, so contentsScale is ignored);
- replicator layers: the sublayers drawn instanceCount times, instance k under instanceTransform^k about
  the bounds centre (2D transforms), each in a saveLayer whose colour matrix multiplies straight colour
  by m.rgb and alpha by m.a, m = clamp(instanceColor + k * offset);
- shape layers: the path filled (fillColor, fillRule) then stroked (lineWidth, caps, joins, miterLimit,
  lineDashPattern through a dash path effect, strokeStart/strokeEnd through a trim effect), after the
  contents and before the sublayers, antialiased (Skia's own stroker and analytic coverage).
Only what the generated suite uses is supported; other layer keys are ignored with a warning.

Modes: "picture" (default) records the tree into an SkPicture once and times playback into a fresh
raster surface per frame: Skia's rasterization alone, without Python's per-layer call overhead (the
counterpart of Lamina's execute stage; `lamina bench` reports plan time separately as plan_median_ms).
"immediate" walks the tree in Python every frame (backend "skia-raster-immediate").
"""
import argparse
import json
import math
import os
import re
import resource
import statistics
import sys
import time

try:
    import skia
except ImportError:
    sys.exit("skia_bench.py: skia-python is not installed; run tools/skia_bench.sh, which makes tools/.venv")

NAMED = {
    "clear": (0, 0, 0, 0), "black": (0, 0, 0, 1), "white": (1, 1, 1, 1), "gray": (0.5, 0.5, 0.5, 1),
    "lightGray": (2 / 3, 2 / 3, 2 / 3, 1), "darkGray": (1 / 3, 1 / 3, 1 / 3, 1), "red": (1, 0, 0, 1),
    "green": (0, 1, 0, 1), "blue": (0, 0, 1, 1), "cyan": (0, 1, 1, 1), "yellow": (1, 1, 0, 1),
    "magenta": (1, 0, 1, 1), "orange": (1, 0.5, 0, 1), "purple": (0.5, 0, 0.5, 1), "brown": (0.6, 0.4, 0.2, 1),
}
HANDLED = {
    "type", "name", "frame", "bounds", "position", "anchorPoint", "hidden", "opacity", "allowsGroupOpacity",
    "backgroundColor", "cornerRadius", "borderWidth", "borderColor", "masksToBounds", "mask", "shadowOpacity",
    "shadowColor", "shadowOffset", "shadowRadius", "shadowPath", "contents", "contentsGravity",
    "minificationFilter", "magnificationFilter", "sublayers",
    "colors", "locations", "startPoint", "endPoint", "gradientType",
    "instanceCount", "instanceTransform", "instanceColor", "instanceRedOffset", "instanceGreenOffset",
    "instanceBlueOffset", "instanceAlphaOffset",
    "string", "font", "fontSize", "foregroundColor", "alignmentMode", "wrapped", "truncationMode", "contentsScale",
    "path", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap", "lineJoin", "miterLimit",
    "lineDashPattern", "lineDashPhase", "strokeStart", "strokeEnd",
}


def color(value):
    """A scene colour as straight-alpha (r, g, b, a) floats, or None."""
    if value is None:
        return None
    if isinstance(value, list):
        return tuple(value) if len(value) == 4 else tuple(value) + (1.0,)
    if value in NAMED:
        return NAMED[value]
    h = value.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    parts = [int(h[i:i + 2], 16) / 255 for i in range(0, len(h), 2)]
    return tuple(parts) if len(parts) == 4 else tuple(parts) + (1.0,)


def skcolor(c, alpha_scale=1.0):
    r, g, b, a = c
    return skia.ColorSetARGB(round(a * alpha_scale * 255), round(r * 255), round(g * 255), round(b * 255))


def svg_path(data):
    """Absolute M/L/Q/C/Z path data (what the scene exporter writes) as a skia.Path."""
    path = skia.Path()
    tokens = re.findall(r"[MLQCZmlqcz]|-?[0-9.]+(?:[eE][-+]?[0-9]+)?", data)
    i, cmd = 0, None
    def nums(n):
        nonlocal i
        out = [float(t) for t in tokens[i:i + n]]
        i += n
        return out
    while i < len(tokens):
        if tokens[i].isalpha():
            cmd = tokens[i]
            i += 1
        if cmd in "Zz":
            path.close()
            continue
        if cmd == "M":
            path.moveTo(*nums(2)); cmd = "L"
        elif cmd == "L":
            path.lineTo(*nums(2))
        elif cmd == "Q":
            path.quadTo(*nums(4))
        elif cmd == "C":
            path.cubicTo(*nums(6))
        else:
            raise ValueError(f"path command {cmd} is not supported (the exporter writes absolute M L Q C Z)")
    return path


def gradient_shader(d, w, h):
    """A CAGradientLayer's gradient as a Skia shader in the layer's local points, or None (draws nothing)."""
    colors = [color(c) for c in d.get("colors") or []]
    if len(colors) < 2:
        return None
    n = len(colors)
    locations = d.get("locations") or [i / (n - 1) for i in range(n)]
    stops = sorted(zip(locations, range(n), colors))
    positions = [min(1.0, max(0.0, s[0])) for s in stops]
    sk = [skcolor(s[2]) for s in stops]
    sx, sy = d.get("startPoint", [0.5, 0.0])
    ex, ey = d.get("endPoint", [0.5, 1.0])
    start, end = (sx * w, sy * h), (ex * w, ey * h)
    kind = d.get("gradientType", "axial")
    if kind == "axial":
        return skia.GradientShader.MakeLinear([skia.Point(*start), skia.Point(*end)], sk, positions)
    rx, ry = abs(end[0] - start[0]), abs(end[1] - start[1])
    if kind == "radial":
        if rx <= 0 or ry <= 0:
            return None
        m = skia.Matrix.Scale(rx, ry).postTranslate(*start)
        return skia.GradientShader.MakeRadial(skia.Point(0, 0), 1.0, sk, positions, localMatrix=m)
    angle = math.degrees(math.atan2(end[1] - start[1], end[0] - start[0]))
    m = skia.Matrix.RotateDeg(angle, skia.Point(*start))
    return skia.GradientShader.MakeSweep(start[0], start[1], sk, positions, localMatrix=m)


def text_lines(d, w, h):
    """A text layer's lines as (font, paint, [(x, baseline, [(dx, word)])]), laid out once."""
    size = d.get("fontSize", 36.0)
    font = skia.Font(skia.Typeface(d.get("font", "Helvetica")), size)
    c = color(d.get("foregroundColor", "white"))
    paint = skia.Paint(Color=skcolor(c) if c else 0, AntiAlias=True)
    metrics = font.getMetrics()
    ascent, height = -metrics.fAscent, -metrics.fAscent + metrics.fDescent + metrics.fLeading
    space = font.measureText(" ")
    words = d["string"].split()
    widths = [font.measureText(word) for word in words]
    lines, i = [], 0
    while i < len(words):
        j, width = i + 1, widths[i]
        while d.get("wrapped") and j < len(words) and width + space + widths[j] <= w:
            width += space + widths[j]
            j += 1
        if not d.get("wrapped"):
            j, width = len(words), sum(widths) + space * (len(words) - 1)
        lines.append((i, j, width))
        i = j
    fit = max(1, int(h // height)) if d.get("wrapped") else len(lines)
    out = []
    for n, (i, j, width) in enumerate(lines[:fit]):
        line = words[i:j]
        if n == fit - 1 and j < len(words) and d.get("truncationMode", "none") != "none":
            ell = font.measureText("\u2026")
            while line and width + ell > w:
                width -= widths[i + len(line) - 1] + space
                line = line[:-1]
            line = line + ["\u2026"]
        align = d.get("alignmentMode", "natural")
        if align == "justified" and n < len(lines) - 1 and len(line) > 1:
            gap = space + (w - width) / (len(line) - 1)
        else:
            gap = space
        x = {"right": w - width, "center": (w - width) / 2}.get(align, 0.0)
        placed, dx = [], 0.0
        if gap == space:
            placed = [(0.0, " ".join(line))]
        else:
            for word in line:
                placed.append((dx, word))
                dx += font.measureText(word) + gap
        out.append((x, ascent + n * height, placed))
    return font, paint, out


def draw_text(canvas, size, font, paint, lines):
    canvas.save()
    canvas.clipRect(skia.Rect.MakeWH(*size))
    for x, baseline, words in lines:
        for dx, word in words:
            canvas.drawString(word, x + dx, baseline, font, paint)
    canvas.restore()


def shape_paints(d):
    """A shape layer's (path, fill paint or None, stroke paint or None), or None without a path: the path
    filled with fillColor under fillRule, then stroked (width, caps, joins, miter limit, dashes, and
    strokeStart/strokeEnd as a trim), as CAShapeLayer draws it."""
    if d.get("type") != "shape" or not d.get("path"):
        return None
    path = svg_path(d["path"])
    if d.get("fillRule") == "evenOdd":
        path.setFillType(skia.PathFillType.kEvenOdd)
    fill_color = color(d.get("fillColor", "black"))
    fill = skia.Paint(Color=skcolor(fill_color), AntiAlias=True) if fill_color and fill_color[3] > 0 else None
    stroke = None
    stroke_color = color(d.get("strokeColor"))
    width = d.get("lineWidth", 1.0)
    if stroke_color and stroke_color[3] > 0 and width > 0:
        caps = {"butt": skia.Paint.kButt_Cap, "round": skia.Paint.kRound_Cap, "square": skia.Paint.kSquare_Cap}
        joins = {"miter": skia.Paint.kMiter_Join, "round": skia.Paint.kRound_Join, "bevel": skia.Paint.kBevel_Join}
        stroke = skia.Paint(Color=skcolor(stroke_color), AntiAlias=True, Style=skia.Paint.kStroke_Style,
                            StrokeWidth=width, StrokeCap=caps[d.get("lineCap", "butt")],
                            StrokeJoin=joins[d.get("lineJoin", "miter")], StrokeMiter=d.get("miterLimit", 10.0))
        start, end = d.get("strokeStart", 0.0), d.get("strokeEnd", 1.0)
        effect = None
        if start > 0 or end < 1:
            effect = skia.TrimPathEffect.Make(start, end)
        dashes = d.get("lineDashPattern")
        if dashes:
            dash = skia.DashPathEffect.Make(list(dashes) * (2 if len(dashes) % 2 else 1), d.get("lineDashPhase", 0.0))
            effect = skia.PathEffect.MakeCompose(dash, effect) if effect else dash
        if effect:
            stroke.setPathEffect(effect)
    return path, fill, stroke


def replicator_instances(d, w, h):
    """A CAReplicatorLayer's instances: (matrix or None, colour matrix or None) per instance."""
    count = d.get("instanceCount", 1)
    t = d.get("instanceTransform")
    step = skia.Matrix()
    if t is not None:
        step = skia.Matrix.MakeAll(t[0], t[4], t[12], t[1], t[5], t[13], 0, 0, 1)
    about = skia.Matrix.Translate(-w / 2, -h / 2)
    back = skia.Matrix.Translate(w / 2, h / 2)
    base = color(d.get("instanceColor", "white")) or (1, 1, 1, 1)
    offsets = [d.get("instanceRedOffset", 0), d.get("instanceGreenOffset", 0), d.get("instanceBlueOffset", 0),
               d.get("instanceAlphaOffset", 0)]
    power = skia.Matrix()
    out = []
    for k in range(max(0, count)):
        if k > 0:
            power = skia.Matrix.Concat(step, power)
        matrix = skia.Matrix.Concat(back, skia.Matrix.Concat(power, about))
        m = [min(1.0, max(0.0, base[i] + k * offsets[i])) for i in range(4)]
        modulation = None
        if m != [1.0, 1.0, 1.0, 1.0]:
            modulation = [m[0], 0, 0, 0, 0, 0, m[1], 0, 0, 0, 0, 0, m[2], 0, 0, 0, 0, 0, m[3], 0]
        out.append((matrix, modulation))
    return out


class Layer:
    """One layer with its geometry resolved to the superlayer's space."""

    def __init__(self, d, images, warn):
        for key in d:
            if key not in HANDLED:
                warn(key)
        if "frame" in d:
            x, y, w, h = d["frame"]
            self.origin, self.size, self.bounds_origin = (x, y), (w, h), (0.0, 0.0)
        else:
            bx, by, w, h = d.get("bounds", [0, 0, 0, 0])
            px, py = d.get("position", [0, 0])
            ax, ay = d.get("anchorPoint", [0.5, 0.5])
            self.origin, self.size, self.bounds_origin = (px - ax * w, py - ay * h), (w, h), (bx, by)
        w, h = self.size
        self.hidden = d.get("hidden", False)
        self.opacity = d.get("opacity", 1.0)
        self.background = color(d.get("backgroundColor"))
        self.radius = min(d.get("cornerRadius", 0.0), w / 2, h / 2)
        self.border_width = d.get("borderWidth", 0.0)
        self.border_color = color(d.get("borderColor", "black"))
        self.clips = d.get("masksToBounds", False)
        self.shadow_opacity = d.get("shadowOpacity", 0.0)
        self.shadow_color = color(d.get("shadowColor", "black"))
        self.shadow_offset = tuple(d.get("shadowOffset", [0, -3]))
        self.shadow_radius = d.get("shadowRadius", 3.0)
        self.shadow_path = svg_path(d["shadowPath"]) if d.get("shadowPath") else None
        self.image = images(d["contents"]) if d.get("contents") else None
        f = d.get("minificationFilter", "linear")
        mip = skia.MipmapMode.kLinear if f == "trilinear" else skia.MipmapMode.kNone
        mode = skia.FilterMode.kNearest if f == "nearest" else skia.FilterMode.kLinear
        self.sampling = skia.SamplingOptions(mode, mip)
        self.gradient = gradient_shader(d, w, h) if d.get("type") == "gradient" else None
        self.instances = replicator_instances(d, w, h) if d.get("type") == "replicator" else None
        self.text = text_lines(d, w, h) if d.get("type") == "text" and isinstance(d.get("string"), str) else None
        self.shape = shape_paints(d)
        self.mask = Layer(d["mask"], images, warn) if d.get("mask") else None
        self.sublayers = [Layer(s, images, warn) for s in d.get("sublayers", [])]

    def count(self):
        return 1 + (self.mask.count() if self.mask else 0) + sum(s.count() for s in self.sublayers)

    def extent(self):
        """What the layer may draw, in its own coordinates: the bound saveLayer gets (an unbounded
        saveLayer would allocate and composite the whole canvas per mask or group)."""
        r = skia.Rect.MakeWH(*self.size)
        if self.shadow_opacity > 0:
            reach = 3 * self.shadow_radius + 1
            r.join(skia.Rect.MakeWH(*self.size).makeOffset(*self.shadow_offset).makeOutset(reach, reach))
        if not self.clips:
            for sub in self.sublayers:
                r.join(sub.extent().makeOffset(sub.origin[0] - self.bounds_origin[0], sub.origin[1] - self.bounds_origin[1]))
        if self.mask:
            m = self.mask.extent().makeOffset(*self.mask.origin)
            if not r.intersect(m):
                return skia.Rect.MakeEmpty()
        return r

    def rrect(self):
        return skia.RRect.MakeRectXY(skia.Rect.MakeWH(*self.size), self.radius, self.radius)

    def draw(self, canvas):
        if self.hidden or self.opacity <= 0:
            return
        canvas.save()
        canvas.translate(*self.origin)
        bound = self.extent() if self.opacity < 1 or self.mask else None
        if self.opacity < 1:
            canvas.saveLayerAlpha(bound, round(self.opacity * 255))
        if self.mask:
            canvas.saveLayer(bound, None)
        self.draw_shadow(canvas)
        self.draw_body(canvas)
        if self.mask:
            canvas.saveLayer(bound, skia.Paint(BlendMode=skia.BlendMode.kDstIn))
            self.mask.draw(canvas)
            canvas.restore()
            canvas.restore()
        if self.opacity < 1:
            canvas.restore()
        canvas.restore()

    def draw_body(self, canvas):
        if self.background and self.background[3] > 0:
            canvas.drawRRect(self.rrect(), skia.Paint(Color=skcolor(self.background), AntiAlias=True))
        if self.gradient is not None:
            canvas.drawRRect(self.rrect(), skia.Paint(Shader=self.gradient, AntiAlias=True))
        if self.image is not None or self.sublayers or self.text is not None or self.shape is not None:
            canvas.save()
            if self.clips:
                canvas.clipRRect(self.rrect(), doAntiAlias=True)
            if self.image is not None:
                canvas.drawImageRect(self.image, skia.Rect.MakeWH(*self.size), self.sampling, None)
            if self.text is not None:
                draw_text(canvas, self.size, *self.text)
            if self.shape is not None:
                path, fill, stroke = self.shape
                if fill is not None:
                    canvas.drawPath(path, fill)
                if stroke is not None:
                    canvas.drawPath(path, stroke)
            if self.sublayers:
                canvas.translate(-self.bounds_origin[0], -self.bounds_origin[1])
                bound = None
                if self.instances:
                    # A bounded layer per modulated instance: what its sublayers can cover.
                    bound = skia.Rect.MakeEmpty()
                    for s in self.sublayers:
                        bound.join(s.extent().makeOffset(*s.origin))
                for matrix, modulation in self.instances or [(None, None)]:
                    canvas.save()
                    if matrix is not None:
                        canvas.concat(matrix)
                    if modulation is not None:
                        canvas.saveLayer(bound, skia.Paint(ColorFilter=skia.ColorFilters.Matrix(modulation)))
                    for s in self.sublayers:
                        s.draw(canvas)
                    if modulation is not None:
                        canvas.restore()
                    canvas.restore()
            canvas.restore()
        if self.border_width > 0 and self.border_color and self.border_color[3] > 0:
            bw = min(self.border_width, self.size[0] / 2, self.size[1] / 2)
            r = max(0.0, self.radius - bw / 2)
            rect = skia.Rect.MakeXYWH(bw / 2, bw / 2, self.size[0] - bw, self.size[1] - bw)
            paint = skia.Paint(Color=skcolor(self.border_color), AntiAlias=True,
                               Style=skia.Paint.kStroke_Style, StrokeWidth=bw)
            canvas.drawRRect(skia.RRect.MakeRectXY(rect, r, r), paint)

    def draw_shadow(self, canvas):
        if self.shadow_opacity <= 0 or not self.shadow_color or self.shadow_color[3] <= 0:
            return
        dx, dy = self.shadow_offset
        tint = skcolor(self.shadow_color, self.shadow_opacity)
        blur = skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, self.shadow_radius) if self.shadow_radius > 0 else None
        simple = self.image is None and not self.sublayers and self.background and self.background[3] >= 1
        if self.shadow_path is not None or simple:
            canvas.save()
            canvas.translate(dx, dy)
            paint = skia.Paint(Color=tint, AntiAlias=True, MaskFilter=blur)
            if self.shadow_path is not None:
                canvas.drawPath(self.shadow_path, paint)
            else:
                canvas.drawRRect(self.rrect(), paint)
            canvas.restore()
            return
        s = self.shadow_radius
        shadow = skia.ImageFilters.DropShadowOnly(dx, dy, s, s, tint)
        canvas.saveLayer(None, skia.Paint(ImageFilter=shadow))
        self.draw_body(canvas)
        canvas.restore()


class Scene:
    def __init__(self, path):
        with open(path) as f:
            doc = json.load(f)
        if doc.get("format") != "lamina-scene/1":
            raise ValueError(f"{path}: not a lamina-scene/1 document")
        base = os.path.dirname(os.path.abspath(path))
        named = doc.get("images", {})
        cache = {}
        unsupported = set()

        def image(ref):
            ref = named.get(ref[1:], ref) if ref.startswith("@") else ref
            if ref not in cache:
                img = skia.Image.MakeFromEncoded(skia.Data.MakeFromFileName(os.path.join(base, ref)))
                if img is None:
                    raise ValueError(f"{path}: cannot decode image {ref}")
                # Decode now and build mipmaps once, as Lamina caches mip chains per Bitmap.
                cache[ref] = img.makeRasterImage().withDefaultMipmaps()
            return cache[ref]

        canvas = doc["canvas"]
        self.scale = canvas.get("scale", 1)
        self.width = round(canvas["width"] * self.scale)
        self.height = round(canvas["height"] * self.scale)
        self.background = color(canvas.get("background", "clear"))
        self.layers = [Layer(d, image, unsupported.add) for d in doc.get("layers", [])]
        self.layer_count = sum(layer.count() for layer in self.layers)
        for key in sorted(unsupported):
            print(f"skia_bench.py: warning: {path}: layer key {key} is ignored", file=sys.stderr)

    def draw(self, canvas):
        canvas.clear(skcolor(self.background))
        canvas.save()
        canvas.scale(self.scale, self.scale)
        for layer in self.layers:
            layer.draw(canvas)
        canvas.restore()

    def picture(self):
        recorder = skia.PictureRecorder()
        self.draw(recorder.beginRecording(skia.Rect.MakeWH(self.width, self.height)))
        return recorder.finishRecordingAsPicture()


def frame(scene, picture):
    """One frame into a fresh raster surface (premultiplied N32), as Lamina renders into a fresh image."""
    surface = skia.Surface.MakeRasterN32Premul(scene.width, scene.height)
    canvas = surface.getCanvas()
    if picture is not None:
        canvas.drawPicture(picture)
    else:
        scene.draw(canvas)
    surface.flushAndSubmit()
    return surface


def bench(path, args):
    scene = Scene(path)
    picture = scene.picture() if args.mode == "picture" else None
    for _ in range(args.warmup):
        surface = frame(scene, picture)
    times = []
    start = time.perf_counter()
    while len(times) < args.runs:
        t0 = time.perf_counter()
        surface = frame(scene, picture)
        times.append((time.perf_counter() - t0) * 1000)
        if len(times) >= 3 and time.perf_counter() - start > args.max_seconds:
            break
    if args.write_png:
        os.makedirs(args.write_png, exist_ok=True)
        name = os.path.splitext(os.path.basename(path))[0]
        surface.makeImageSnapshot().save(os.path.join(args.write_png, name + ".skia.png"), skia.kPNG)
    median = statistics.median(times)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / (1024 * 1024 if sys.platform == "darwin" else 1024)
    return {
        "scene": path, "backend": "skia-raster" if args.mode == "picture" else "skia-raster-immediate",
        "runs": len(times), "median_ms": round(median, 3), "min_ms": round(min(times), 3),
        "max_ms": round(max(times), 3), "mean_ms": round(statistics.fmean(times), 3),
        "fps": round(1000 / median, 3) if median > 0 else 0, "peak_rss_mb": round(rss, 3),
        "layers": scene.layer_count, "width": scene.width, "height": scene.height, "skia": skia.__version__,
    }


def compare(results, lamina_file):
    """A table of Skia against the `lamina bench --json` lines in lamina_file, joined on scene."""
    lamina = {}
    with open(lamina_file) as f:
        for line in f:
            line = line.strip()
            if line.startswith("{"):
                r = json.loads(line)
                lamina[(r["scene"], r["backend"])] = r
    backends = sorted({b for (_, b) in lamina})
    head = f"{'scene':<24}{'skia ms':>10}" + "".join(f"{'lamina ' + b + ' ms':>18}{'/skia':>7}" for b in backends)
    print("\n" + head, file=sys.stderr)
    for r in results:
        row = f"{os.path.basename(r['scene']):<24}{r['median_ms']:>10.2f}"
        for b in backends:
            l = lamina.get((r["scene"], b))
            row += f"{l['median_ms']:>18.2f}{l['median_ms'] / r['median_ms']:>6.1f}x" if l else f"{'-':>18}{'':>7}"
        print(row, file=sys.stderr)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("scenes", nargs="+", metavar="SCENE.json")
    p.add_argument("--runs", type=int, default=10)
    p.add_argument("--warmup", type=int, default=2)
    p.add_argument("--max-seconds", type=float, default=20)
    p.add_argument("--mode", choices=["picture", "immediate"], default="picture")
    p.add_argument("--filter", help="only scenes whose path contains this")
    p.add_argument("--write-png", metavar="DIR", help="also write each scene's last frame as DIR/<scene>.skia.png")
    p.add_argument("--compare", metavar="LAMINA.jsonl", help="print a table against lamina bench --json output")
    args = p.parse_args()
    results = []
    for path in args.scenes:
        if args.filter and args.filter not in path:
            continue
        r = bench(path, args)
        results.append(r)
        print(json.dumps(r), flush=True)
    if args.compare:
        compare(results, args.compare)


if __name__ == "__main__":
    main()
