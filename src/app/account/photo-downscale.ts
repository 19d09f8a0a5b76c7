// A photo made ready to send: scaled down to PHOTO_MAX_PIXELS on its longest side and encoded as JPEG. A phone's
// 12-megapixel photo of 4 MB becomes some 300 KB, which a stable's one bar of signal can carry; and re-encoding drops
// the camera's metadata (the GPS position of the stable among it). A picture the browser cannot decode (HEIC in
// Chromium) is sent as it is, and the server says what is wrong with it.
import { PHOTO_MAX_PIXELS } from '../../domain/returns.ts'
import { assertClient } from '../client-only.ts'

const QUALITY = 0.85

/** The size a picture of `width` × `height` is scaled to: never up, its longest side at most `max`. */
export function scaledSize(width: number, height: number, max = PHOTO_MAX_PIXELS): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height))
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

export async function downscalePhoto(file: File): Promise<File> {
  assertClient()
  let bitmap: ImageBitmap
  try {
    // The browser turns it the way the camera held it (EXIF orientation).
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  } catch {
    return file
  }
  try {
    const { width, height } = scaledSize(bitmap.width, bitmap.height)
    const canvas = new OffscreenCanvas(width, height)
    const context = canvas.getContext('2d')
    if (!context) return file
    context.drawImage(bitmap, 0, 0, width, height)
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: QUALITY })
    const name = `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`
    return new File([blob], name, { type: 'image/jpeg', lastModified: file.lastModified })
  } catch {
    return file
  } finally {
    bitmap.close()
  }
}
