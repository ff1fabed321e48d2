const config = { poweredByHeader: false };
export default config;
