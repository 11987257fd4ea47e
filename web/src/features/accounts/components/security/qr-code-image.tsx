import { useEffect, useState } from "react";

const SIZE = 200;

type Drawing = { url: string; image: string } | { url: string; failed: true };

/**
 * The otpauth link drawn as a QR code for an authenticator app to scan. The qrcode package
 * loads only here, when a reader sets up two-factor sign-in.
 */
export function QrCodeImage({ url }: { url: string }) {
  const [drawing, setDrawing] = useState<Drawing | null>(null);

  useEffect(() => {
    let current = true;
    import("qrcode")
      .then(({ default: QRCode }) => QRCode.toDataURL(url, { width: SIZE, margin: 2 }))
      .then(
        (image) => {
          if (current) setDrawing({ url, image });
        },
        () => {
          if (current) setDrawing({ url, failed: true });
        },
      );
    return () => {
      current = false;
    };
  }, [url]);

  const shown = drawing?.url === url ? drawing : null;
  if (shown && "failed" in shown) {
    return (
      <p className="two-factor-setup__qr-missing">
        The QR code could not be drawn. Type the key below into your app instead.
      </p>
    );
  }
  if (!shown) {
    return (
      <div className="two-factor-setup__qr two-factor-setup__qr--loading" aria-busy="true">
        <span className="visually-hidden">Drawing the QR code</span>
      </div>
    );
  }
  return (
    <img
      className="two-factor-setup__qr"
      src={shown.image}
      width={SIZE}
      height={SIZE}
      alt="QR code for two-factor sign-in: scan it with your authenticator app"
    />
  );
}
