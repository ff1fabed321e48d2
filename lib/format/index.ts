export { formatLei, formatLeiFromBani, leiToBani } from './money';
