import sharp from 'sharp';
import { type ImageResizer, UnreadableImageError } from './image-resizer.ts';

const STORE_GRID_SIZE = 600;
const STORE_GALLERY_WIDTH = 1600;

/** sharp (libvips) from the npm registry's prebuilt binaries (docs/decisions/0029). */
export function sharpImageResizer(): ImageResizer {
  return {
    async storeSizes(bytes) {
      // At most 40 megapixels read, EXIF rotation applied, metadata (location!) dropped.
      const source = () => sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' }).rotate();
      try {
        const [grid, gallery] = await Promise.all([
          source().resize(STORE_GRID_SIZE, STORE_GRID_SIZE, { fit: 'cover' }).webp({ quality: 80 }).toBuffer(),
          source().resize({ width: STORE_GALLERY_WIDTH, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
        ]);
        return { grid: new Uint8Array(grid), gallery: new Uint8Array(gallery) };
      } catch (error) {
        throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
      }
    },
  };
}
