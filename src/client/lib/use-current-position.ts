import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { notify } from '../components/ui/toaster.tsx';

/**
 * Asks the browser where the reader is (`locate`, from a button) and hands the position over; says
 * so in a toast when the browser cannot or the reader declines. `locating` is true while it asks.
 */
export function useCurrentPosition(onPosition: (coordinates: GeolocationCoordinates) => void) {
  const { t } = useLingui();
  const [locating, setLocating] = useState(false);
  const locate = () => {
    const failed = () => {
      setLocating(false);
      notify.error({ title: t`Could not get your location. Please enter it manually.` });
    };
    if (!('geolocation' in navigator)) return failed();
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        onPosition(position.coords);
      },
      failed,
      { enableHighAccuracy: true, timeout: 5000, maximumAge: 0 },
    );
  };
  return { locating, locate };
}
