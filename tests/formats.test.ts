import { describe, expect, it } from 'vitest';
import {
  cnpBirthDate,
  cnpControlDigit,
  cuiControlDigit,
  isValidCnp,
  isValidCui,
  isValidPlate,
  isValidRomanianMobile,
  isValidVin,
  normalizePlate,
} from '@/contract/formats';

describe('plates', () => {
  it('accepts Bucharest and county plates, with spaces and hyphens, any case', () => {
    for (const p of ['B123ABC', 'B12ABC', 'b 123 abc', 'CJ-45-XYZ', 'IF10AAA', 'TM 99 BRK']) {
      expect(isValidPlate(p), p).toBe(true);
    }
  });
  it('accepts temporary and diplomatic plates', () => {
    expect(isValidPlate('CJ 012345')).toBe(true);
    expect(isValidPlate('CD 123456')).toBe(true);
  });
  it('refuses unknown counties, wrong shapes and Bucharest with one digit', () => {
    for (const p of ['XX12ABC', 'B1ABC', 'CJ123ABC', 'CJ45XY', 'B123AB1', '', 'BUCURESTI']) {
      expect(isValidPlate(p), p).toBe(false);
    }
  });
  it('normalises to upper case without separators', () => {
    expect(normalizePlate('cj-45 xyz')).toBe('CJ45XYZ');
  });
});

describe('VIN', () => {
  it('accepts 17 characters without I, O, Q', () => {
    expect(isValidVin('WVWZZZ1JZXW000001')).toBe(true);
    expect(isValidVin('uu1hsdaag52345678')).toBe(true);
  });
  it('refuses I, O, Q and wrong lengths', () => {
    expect(isValidVin('WVWZZZ1JZXW00000I')).toBe(false);
    expect(isValidVin('WVWZZZ1JZXW0000O1')).toBe(false);
    expect(isValidVin('QVWZZZ1JZXW000001')).toBe(false);
    expect(isValidVin('WVWZZZ1JZXW00001')).toBe(false);
    expect(isValidVin('WVWZZZ1JZXW0000011')).toBe(false);
  });
});

describe('CNP', () => {
  it('computes the control digit with weights 279146358279', () => {
    // sum mod 11 is 10, which becomes 1
    expect(cnpControlDigit('196010122114')).toBe(1);
  });
  it('accepts valid CNPs and reads the birth date', () => {
    expect(isValidCnp('1960101221141')).toBe(true);
    expect(cnpBirthDate('1960101221141')).toBe('1996-01-01');
    const body = '500022540001';
    const cnp = body + cnpControlDigit(body);
    expect(isValidCnp(cnp)).toBe(true);
    expect(cnpBirthDate(cnp)).toBe('2000-02-25');
  });
  it('refuses a wrong control digit, month, day or county', () => {
    expect(isValidCnp('1960101221146')).toBe(false);
    const badMonth = '196130122114';
    expect(isValidCnp(badMonth + cnpControlDigit(badMonth))).toBe(false);
    const badDay = '196023022114'; // 30 February
    expect(isValidCnp(badDay + cnpControlDigit(badDay))).toBe(false);
    const badCounty = '196010147114'; // county 47
    expect(isValidCnp(badCounty + cnpControlDigit(badCounty))).toBe(false);
    const bucharestSector = '196010151114'; // county 51 (Călărași) is valid
    expect(isValidCnp(bucharestSector + cnpControlDigit(bucharestSector))).toBe(true);
    expect(isValidCnp('123')).toBe(false);
    expect(isValidCnp('196010122114a')).toBe(false);
  });
});

describe('CUI', () => {
  it('computes the control digit with weights 753217532', () => {
    // RO18547290 (a public company code): body 1854729, control 0
    expect(cuiControlDigit('1854729')).toBe(0);
  });
  it('accepts valid codes with or without RO', () => {
    expect(isValidCui('18547290')).toBe(true);
    expect(isValidCui('RO18547290')).toBe(true);
    expect(isValidCui('ro 18547290')).toBe(true);
  });
  it('refuses a wrong control digit and wrong lengths', () => {
    expect(isValidCui('18547291')).toBe(false);
    expect(isValidCui('1')).toBe(false);
    expect(isValidCui('12345678901')).toBe(false);
    expect(isValidCui('RO')).toBe(false);
  });
});

describe('phone', () => {
  it('accepts Romanian mobiles in national and international form', () => {
    expect(isValidRomanianMobile('0722123456')).toBe(true);
    expect(isValidRomanianMobile('+40722123456')).toBe(true);
    expect(isValidRomanianMobile('0722 123 456')).toBe(true);
  });
  it('refuses landlines and short numbers', () => {
    expect(isValidRomanianMobile('0212345678')).toBe(false);
    expect(isValidRomanianMobile('072212345')).toBe(false);
  });
});
