/**
 * The demo network's advertisers (docs/demo-network.md): names, their conversion API tokens and pixel
 * signing secrets, used by the demo seed, the demo traffic and whoever tries the tracker by hand.
 */

/**
 * The demo advertisers' conversion API tokens and pixel signing secrets. Fixed so the demo traffic
 * and a person trying the tracker by hand can call `/postback?token=…` or sign a pixel; a real
 * network's come from `advertiser:create` (the token is never stored in clear). Published here,
 * which is why a production start does not seed the demo network unless told to.
 */
export const DEMO_ADVERTISERS = [
  {
    key: 'northwind',
    name: 'Northwind Outfitters',
    domain: 'northwind-outfitters.example',
    token: 'demo-adv-northwind-7f3a9c2e',
    pixelSecret: 'demo-pxs-northwind-41c8e2b7',
  },
  {
    key: 'bluepeak',
    name: 'Bluepeak Finance',
    domain: 'bluepeak-finance.example',
    token: 'demo-adv-bluepeak-1d8e4b60',
    pixelSecret: 'demo-pxs-bluepeak-93a0d5f1',
  },
  {
    key: 'orchard',
    name: 'Orchard Health',
    domain: 'orchard-health.example',
    token: 'demo-adv-orchard-5c2f7a91',
    pixelSecret: 'demo-pxs-orchard-6e2b9c40',
  },
  {
    key: 'lumen',
    name: 'Lumen Games',
    domain: 'lumen-games.example',
    token: 'demo-adv-lumen-9b4d1e37',
    pixelSecret: 'demo-pxs-lumen-28f7a1d3',
  },
  {
    key: 'harbor',
    name: 'Harbor Travel',
    domain: 'harbor-travel.example',
    token: 'demo-adv-harbor-3e6a8f05',
    pixelSecret: 'demo-pxs-harbor-c51e0b96',
  },
] as const;
export type AdvertiserKey = (typeof DEMO_ADVERTISERS)[number]['key'];
